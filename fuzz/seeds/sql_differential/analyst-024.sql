SELECT product, weighted_avg(amount, qty) AS weighted, favg(discount) AS average_discount FROM sales GROUP BY product ORDER BY product
