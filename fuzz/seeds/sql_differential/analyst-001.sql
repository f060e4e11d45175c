SELECT product, min(amount) AS smallest, max(amount) AS largest, median(amount) AS middle FROM sales GROUP BY product ORDER BY product
