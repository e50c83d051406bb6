-- Placeholder for the fiscal receipts migration; replaced by the real statements before this lands.
SELECT 1;
