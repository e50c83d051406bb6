// The baseline of the donations-in benchmark: a bare node:http server that stores each posted
// donation with ONE INSERT (autocommit, the same pool size as the API) and answers 201. No
// validation, idempotency, rate limit, audit or settings: what this machine allows for a write
// that touches PostgreSQL once per request.
import { createServer } from 'node:http';
import { randomInt } from 'node:crypto';
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { donorName: string; email: string; amount: number; cardLast4: string; cardBrand: string };
    pool
      .query<{ id: number; reference_code: string }>(
        `INSERT INTO donations (reference_code, donor_name, donor_email, amount_cents, donation_type, status, source, card_last4, card_brand)
         VALUES ($1, $2, $3, $4, 'monetary', 'pending', 'public', $5, $6)
         ON CONFLICT (reference_code) DO NOTHING RETURNING id, reference_code`,
        [`#MG${String(randomInt(0, 100_000_000)).padStart(8, '0')}`, body.donorName, body.email, Math.round(body.amount * 100), body.cardLast4, body.cardBrand],
      )
      .then(
        ({ rows }) => {
          const payload = JSON.stringify({ id: rows[0]?.id, reference_code: rows[0]?.reference_code, status: 'pending' });
          response.writeHead(rows.length ? 201 : 409, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
          response.end(payload);
        },
        () => {
          response.writeHead(500).end();
        },
      );
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
