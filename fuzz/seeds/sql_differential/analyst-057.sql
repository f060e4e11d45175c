SELECT product, revenue FROM (SELECT product, sum(amount) AS revenue FROM sales GROUP BY product) AS per_product WHERE revenue > 500 ORDER BY product
