// Proposing which pending deposit each credit line of a bank statement pays (docs/product.md#bank-deposits).
// Pure: lines and deposits in, proposals out. Nothing here confirms anything; staff click.

/** Days either side of the declared deposit date, or of the donation's creation, a line may fall on. */
export const MATCH_WINDOW_DAYS = 3;

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

/** Does the line name the donation: its reference (with or without #) or a slip number of 4+ characters. */
export function lineNamesDeposit(line: Pick<LineToMatch, 'description' | 'reference'>, deposit: Pick<DepositToMatch, 'referenceCode' | 'slipNumber'>): boolean {
  const words = tokens(`${line.description} ${line.reference ?? ''}`);
  const reference = deposit.referenceCode.replace(/^#/, '').toUpperCase();
  if (words.has(reference)) return true;
  // A bank may print the reference's digits alone (long enough not to be any number of the line).
  const digits = reference.replace(/^MG/, '').replace(/^0+(?=\d)/, '');
  if (digits.length >= 6 && words.has(digits)) return true;
  const slip = (deposit.slipNumber ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '').replace(/^0+(?=\d)/, '');
  return slip.length >= 4 && words.has(slip);
}

export function candidateOf(line: LineToMatch, deposit: DepositToMatch, windowDays = MATCH_WINDOW_DAYS): Candidate | null {
  const posted = dayNumber(line.postedOn);
  const distances = [deposit.declaredDate, deposit.createdOn].filter((d): d is string => d != null).map((d) => Math.abs(posted - dayNumber(d)));
  const dayDistance = Math.min(...distances);
  const referenceFound = lineNamesDeposit(line, deposit);
  let kind: CandidateKind;
  if (line.creditCents === deposit.amountCents) kind = dayDistance <= windowDays ? 'match' : 'outside_window';
  else if (referenceFound) kind = 'amount_differs';
  else return null;
  return { donationId: deposit.donationId, kind, referenceFound, dayDistance };
}

const KIND_ORDER: Record<CandidateKind, number> = { match: 0, outside_window: 1, amount_differs: 2 };
const better = (a: Candidate, b: Candidate) =>
  KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || Number(b.referenceFound) - Number(a.referenceFound) || a.dayDistance - b.dayDistance || a.donationId - b.donationId;

/**
 * Proposes at most one donation per line and one line per donation: the `match` pairs are taken best
 * first (the reference named in the line, then the nearer date), so a donation goes to the line that
 * fits it best. A line left without a proposal but with a near-miss is `near_miss`; near-misses are
 * shown, never proposed.
 */
export function matchStatement(
  lines: LineToMatch[],
  deposits: DepositToMatch[],
  windowDays = MATCH_WINDOW_DAYS,
): { lines: Map<number, LineMatch>; unmatchedDeposits: number[] } {
  const pairs: { lineId: number; candidate: Candidate }[] = [];
  for (const line of lines) {
    for (const deposit of deposits) {
      const candidate = candidateOf(line, deposit, windowDays);
      if (candidate) pairs.push({ lineId: line.id, candidate });
    }
  }
  const matches = pairs
    .filter((p) => p.candidate.kind === 'match')
    .sort((a, b) => better(a.candidate, b.candidate) || a.lineId - b.lineId);
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
    const candidates = pairs
      .filter((p) => p.lineId === line.id)
      .map((p) => p.candidate)
      // A `match` deposit proposed for another line is that line's; this one does not offer it again.
      .filter((c) => c.kind !== 'match' || c.donationId === proposed || !takenDonations.has(c.donationId))
      .sort((a, b) => (a.donationId === proposed ? -1 : b.donationId === proposed ? 1 : better(a, b)));
    const state: LineState = proposed != null ? 'proposed' : candidates.length > 0 ? 'near_miss' : 'unmatched';
    result.set(line.id, { state, proposed, candidates });
  }
  return { lines: result, unmatchedDeposits: deposits.filter((d) => !takenDonations.has(d.donationId)).map((d) => d.donationId) };
}
