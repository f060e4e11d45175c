SELECT region, bool_or(discount > 0.2) AS any_big_discount, bool_and(qty > 0) AS all_positive FROM sales GROUP BY region ORDER BY region
