-- Placeholder for the monthly giving migration; replaced by the real statements before this lands.
SELECT 1;
