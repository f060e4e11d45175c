SELECT bit_count(qty) AS bits, count(*) AS orders FROM sales GROUP BY bits ORDER BY bits
