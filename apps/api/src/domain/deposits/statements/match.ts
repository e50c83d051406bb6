// Proposing which pending deposit each credit line of a bank statement pays (docs/product.md#bank-deposits).
// Pure: lines and deposits in, proposals out. Nothing here confirms anything; staff click.

/** Days either side of the declared deposit date, or of the donation's creation, a line may fall on. */
export const MATCH_WINDOW_DAYS = 3;
/** A same-amount deposit further than this from the line is not even a near-miss (unless the line names it). */
export const NEAR_MISS_DAYS = 31;
/** Candidates kept per line, best first: the proposal, other fits, near-misses. */
export const MAX_CANDIDATES = 5;
/** `match` pairs per line weighed when giving each donation to one line. */
const MAX_MATCHES_CONSIDERED = 20;

export interface LineToMatch {
  id: number;
  /** YYYY-MM-DD */
  postedOn: string;
  description: string;
  reference: string | null;
  creditCents: number;
}

export interface DepositToMatch {
  donationId: number;
  referenceCode: string;
  amountCents: number;
  /** The donation's creation day in Guatemala, YYYY-MM-DD. */
  createdOn: string;
  /** What the donor declared with the slip, when there is one. */
  declaredDate: string | null;
  slipNumber: string | null;
  /** The bank's reference staff typed when the office entered the deposit (docs/product.md#staff-gift-entry). */
  officeReference: string | null;
}

/**
 * `match`: same amount, within the window (may be confirmed with a click);
 * `outside_window`: same amount, but the dates are further apart;
 * `amount_differs`: the reference or slip number is in the line, but the amount is not the donation's.
 */
export type CandidateKind = 'match' | 'outside_window' | 'amount_differs';

export interface Candidate {
  donationId: number;
  kind: CandidateKind;
  /** The donation's reference (#MG........) or its slip number was found in the line's text. */
  referenceFound: boolean;
  /** Days from the nearer of the declared date and the creation day. */
  dayDistance: number;
}

export type LineState = 'proposed' | 'near_miss' | 'unmatched';

export interface LineMatch {
  state: LineState;
  /** The proposed donation (state `proposed`). */
  proposed: number | null;
  /** Every candidate, best first: the proposal, other `match` deposits not proposed elsewhere, then near-misses. */
  candidates: Candidate[];
}

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string) => Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);

/** Upper-case letters and digits separated by single spaces, numbers without leading zeros. */
function tokens(text: string): Set<string> {
  return new Set(
    text
      .toUpperCase()
      .split(/[^A-Z0-9]+/)
      .filter(Boolean)
      .map((t) => (/^\d+$/.test(t) ? t.replace(/^0+(?=\d)/, '') : t)),
  );
}

type Named = Pick<DepositToMatch, 'referenceCode' | 'slipNumber' | 'officeReference'>;

/**
 * A slip number or bank reference as a line's words: its letters and digits without leading zeros (4+), and
 * each run of 6+ digits in it, since a bank prints `4455667` for what staff typed as `BI-4455667`; digits
 * typed in groups (`BI 445 566 7`) count as one run too, as the bank prints them together.
 */
function bankWords(text: string | null): string[] {
  const upper = (text ?? '').toUpperCase();
  const stripZeros = (w: string) => w.replace(/^0+(?=\d)/, '');
  const whole = stripZeros(upper.replace(/[^A-Z0-9]/g, ''));
  const grouped = upper.replace(/(?<=\d) +(?=\d)/g, '');
  const runs = [...(upper.match(/\d{6,}/g) ?? []), ...(grouped.match(/\d{6,}/g) ?? [])].map(stripZeros).filter((w) => w.length >= 6);
  return [...new Set([...(whole.length >= 4 ? [whole] : []), ...runs])];
}

/**
 * The words by which a line may name a deposit: its reference without `#`, those digits alone (6+), and the
 * bank's number for it (4+): the donor's slip number, or the reference the office typed when entering it.
 */
function namesOf(deposit: Named): string[] {
  const reference = deposit.referenceCode.replace(/^#/, '').toUpperCase();
  const names = [reference];
  // A bank may print the reference's digits alone (long enough not to be any number of the line).
  const digits = reference.replace(/^MG/, '').replace(/^0+(?=\d)/, '');
  if (digits.length >= 6) names.push(digits);
  for (const word of [...bankWords(deposit.slipNumber), ...bankWords(deposit.officeReference)]) if (!names.includes(word)) names.push(word);
  return names;
}

const wordsOf = (line: Pick<LineToMatch, 'description' | 'reference'>) => tokens(`${line.description} ${line.reference ?? ''}`);

/** Does the line name the donation: its reference (with or without #), or its slip number or office reference of 4+ characters. */
export function lineNamesDeposit(line: Pick<LineToMatch, 'description' | 'reference'>, deposit: Named): boolean {
  const words = wordsOf(line);
  return namesOf(deposit).some((n) => words.has(n));
}

function dayDistanceOf(posted: number, deposit: DepositToMatch): number {
  const created = Math.abs(posted - dayNumber(deposit.createdOn));
  return deposit.declaredDate == null ? created : Math.min(created, Math.abs(posted - dayNumber(deposit.declaredDate)));
}

function kindOf(line: LineToMatch, deposit: DepositToMatch, dayDistance: number, referenceFound: boolean, windowDays: number): CandidateKind | null {
  if (line.creditCents === deposit.amountCents) {
    if (dayDistance <= windowDays) return 'match';
    return dayDistance <= NEAR_MISS_DAYS || referenceFound ? 'outside_window' : null;
  }
  return referenceFound ? 'amount_differs' : null;
}

export function candidateOf(line: LineToMatch, deposit: DepositToMatch, windowDays = MATCH_WINDOW_DAYS): Candidate | null {
  const dayDistance = dayDistanceOf(dayNumber(line.postedOn), deposit);
  const referenceFound = lineNamesDeposit(line, deposit);
  const kind = kindOf(line, deposit, dayDistance, referenceFound, windowDays);
  return kind ? { donationId: deposit.donationId, kind, referenceFound, dayDistance } : null;
}

const KIND_ORDER: Record<CandidateKind, number> = { match: 0, outside_window: 1, amount_differs: 2 };
const better = (a: Candidate, b: Candidate) =>
  KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || Number(b.referenceFound) - Number(a.referenceFound) || a.dayDistance - b.dayDistance || a.donationId - b.donationId;

/**
 * Each line's candidates, best first and bounded: deposits are looked up by amount and by the words that
 * name them, so a line is never compared with every pending deposit.
 */
function candidatesByLine(lines: LineToMatch[], deposits: DepositToMatch[], windowDays: number): Map<number, Candidate[]> {
  const byAmount = new Map<number, DepositToMatch[]>();
  const byName = new Map<string, DepositToMatch[]>();
  const add = <K>(map: Map<K, DepositToMatch[]>, key: K, d: DepositToMatch) => {
    const list = map.get(key);
    if (list) list.push(d);
    else map.set(key, [d]);
  };
  for (const d of deposits) {
    add(byAmount, d.amountCents, d);
    for (const name of namesOf(d)) add(byName, name, d);
  }
  const result = new Map<number, Candidate[]>();
  for (const line of lines) {
    const posted = dayNumber(line.postedOn);
    const named = new Map<number, DepositToMatch>();
    for (const word of wordsOf(line)) for (const d of byName.get(word) ?? []) named.set(d.donationId, d);
    const found: Candidate[] = [];
    const consider = (d: DepositToMatch) => {
      const dayDistance = dayDistanceOf(posted, d);
      const referenceFound = named.has(d.donationId);
      const kind = kindOf(line, d, dayDistance, referenceFound, windowDays);
      if (kind) found.push({ donationId: d.donationId, kind, referenceFound, dayDistance });
    };
    for (const d of byAmount.get(line.creditCents) ?? []) consider(d);
    for (const d of named.values()) if (d.amountCents !== line.creditCents) consider(d);
    result.set(line.id, found.sort(better));
  }
  return result;
}

/**
 * Proposes at most one donation per line and one line per donation: the `match` pairs are taken best
 * first (the reference named in the line, then the nearer date), so a donation goes to the line that
 * fits it best. A line left without a proposal but with a near-miss is `near_miss`; near-misses are
 * shown, never proposed. Each line keeps at most MAX_CANDIDATES.
 */
export function matchStatement(
  lines: LineToMatch[],
  deposits: DepositToMatch[],
  windowDays = MATCH_WINDOW_DAYS,
): { lines: Map<number, LineMatch>; unmatchedDeposits: number[] } {
  const byLine = candidatesByLine(lines, deposits, windowDays);
  const matches: { lineId: number; candidate: Candidate }[] = [];
  for (const [lineId, candidates] of byLine) {
    for (const candidate of candidates.filter((c) => c.kind === 'match').slice(0, MAX_MATCHES_CONSIDERED)) matches.push({ lineId, candidate });
  }
  matches.sort((a, b) => better(a.candidate, b.candidate) || a.lineId - b.lineId);
  const proposedFor = new Map<number, number>();
  const takenDonations = new Set<number>();
  for (const { lineId, candidate } of matches) {
    if (proposedFor.has(lineId) || takenDonations.has(candidate.donationId)) continue;
    proposedFor.set(lineId, candidate.donationId);
    takenDonations.add(candidate.donationId);
  }

  const result = new Map<number, LineMatch>();
  for (const line of lines) {
    const proposed = proposedFor.get(line.id) ?? null;
    const all = byLine.get(line.id) ?? [];
    const candidates = [
      ...all.filter((c) => c.donationId === proposed),
      // A `match` deposit proposed for another line is that line's; this one does not offer it again.
      ...all.filter((c) => c.donationId !== proposed && (c.kind !== 'match' || !takenDonations.has(c.donationId))),
    ].slice(0, MAX_CANDIDATES);
    const state: LineState = proposed != null ? 'proposed' : candidates.length > 0 ? 'near_miss' : 'unmatched';
    result.set(line.id, { state, proposed, candidates });
  }
  return { lines: result, unmatchedDeposits: deposits.filter((d) => !takenDonations.has(d.donationId)).map((d) => d.donationId) };
}
