SELECT order_id, first_value(region IGNORE NULLS) OVER (PARTITION BY product ORDER BY order_id) AS first_region FROM sales ORDER BY order_id
