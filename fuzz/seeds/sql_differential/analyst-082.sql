SELECT DISTINCT ON (region) region, order_id, amount FROM sales ORDER BY region, amount DESC, order_id
