-- The bank deposit is a provider like any other (docs/product.md#payments): every deposit donation names it.
UPDATE "donations" SET "payment_provider" = 'deposit' WHERE "payment_method" = 'bank_deposit' AND "payment_provider" IS NULL;
