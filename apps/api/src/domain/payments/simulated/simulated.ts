// The simulated provider: the offline demo (PAYMENT_PROVIDER=simulated, docs/product.md#payments). It stands where a real
// gateway will go: it never sees a full card number, only the last 4 digits and the brand.
//
// Test cards that fail (the last 4 digits decide, as the full number never reaches the server):
//   4000 0000 0000 0002  -> declined ("Tarjeta rechazada por el emisor")
//   4000 0000 0000 9995  -> insufficient funds ("Fondos insuficientes")
//   4000 0000 0000 0069  -> expired card ("Tarjeta vencida")
// Any other card completes.

export interface ChargeRequest {
  reference: string;
  amountCents: number;
  currency: string;
  cardLast4: string | null;
  cardBrand: string | null;
}

export type ChargeResult = { ok: true; providerReference: string } | { ok: false; failureReason: string };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export const FAILING_TEST_CARDS: Record<string, string> = {
  '0002': 'Tarjeta rechazada por el emisor',
  '9995': 'Fondos insuficientes',
  '0069': 'Tarjeta vencida',
};

export const simulatedPaymentProvider: PaymentProvider = {
  name: 'simulado',
  async charge(request) {
    const failure = request.cardLast4 ? FAILING_TEST_CARDS[request.cardLast4] : undefined;
    if (failure) return { ok: false, failureReason: failure };
    return { ok: true, providerReference: `SIM-${request.reference.slice(3)}` };
  },
};
