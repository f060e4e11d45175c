SELECT channel, bit_and(qty) AS band, bit_or(qty) AS bor, bit_xor(qty) AS bxor FROM sales GROUP BY channel ORDER BY channel
