SELECT region, mode(product) AS usual, arg_max(product, amount) AS biggest_product, arg_min(day, amount) AS smallest_day FROM sales GROUP BY region ORDER BY region
