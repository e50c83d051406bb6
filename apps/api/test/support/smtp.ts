// A real SMTP listener on a free port that records every accepted message, for the tests that send
// email through the real transport; `state.refuse` makes it answer 451 instead.
import { type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope sender: tells which API process delivered the message. */
  from: string;
  to: string[];
  subject: string;
  raw: string;
}

export async function startSmtp() {
  const received: ReceivedMail[] = [];
  /** Every message whose data arrived, accepted or refused (the raw text only). */
  const arrived: string[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        arrived.push(raw);
        if (state.refuse) {
          const err = Object.assign(new Error('Buzón temporalmente no disponible'), { responseCode: 451 });
          return callback(err);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    arrived,
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
