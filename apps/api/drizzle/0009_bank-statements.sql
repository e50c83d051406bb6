-- Placeholder for the bank statement import migration; replaced by the real statements before this lands.
SELECT 1;
