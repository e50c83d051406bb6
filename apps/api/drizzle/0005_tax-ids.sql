-- Placeholder for the donor tax ids (NIT, CUI, CF) migration; replaced by the real statements before this lands.
SELECT 1;
