import type { SubscriptionPlan } from '@freight/shared';

/**
 * Payment behind one interface. The product shows no payment step (SPEC §1, §7 call 29), so the provider shipped
 * here takes no card and answers 'paid'. A real provider (Stripe Checkout, say) answers 'requires_action' with the
 * page to send the browser to, and activates later from its webhook through `activateSubscription`.
 */
export type PaymentResult =
  | { status: 'paid'; customerId: string | null; subscriptionId: string | null }
  | { status: 'requires_action'; redirectUrl: string }
  | { status: 'failed'; message: string };

export interface PaymentProvider {
  readonly name: string;
  /** Pays (or starts paying) for one month of `plan`. */
  charge(input: {
    user: { id: string; email: string; stripeCustomerId: string | null };
    plan: SubscriptionPlan;
    now: Date;
  }): Promise<PaymentResult>;
}

/** Activates at once, with no card step: what the product shows. */
export const noCardPaymentProvider: PaymentProvider = {
  name: 'no-card',
  async charge({ user }) {
    return { status: 'paid', customerId: user.stripeCustomerId, subscriptionId: null };
  },
};

let provider: PaymentProvider = noCardPaymentProvider;

export function paymentProvider(): PaymentProvider {
  return provider;
}

/** Chosen at boot (or by a test); the no-card provider is the default. */
export function setPaymentProvider(p: PaymentProvider): void {
  provider = p;
}
