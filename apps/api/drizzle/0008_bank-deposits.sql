-- Placeholder for the bank deposits and slips migration; replaced by the real statements before this lands.
SELECT 1;
