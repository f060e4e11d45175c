SELECT order_id FROM sales WHERE (region, product) IN (SELECT region, 'P1' FROM targets) ORDER BY order_id
