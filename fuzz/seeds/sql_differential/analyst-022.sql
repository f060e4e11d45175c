SELECT product, fsum(discount) AS discounts, product(qty) > 0 AS positive FROM sales WHERE qty < 4 GROUP BY product ORDER BY product
