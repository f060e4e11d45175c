SELECT order_id FROM sales WHERE (region, channel) NOT IN (SELECT region, 'online' FROM targets WHERE region IS NOT NULL) AND region IS NOT NULL ORDER BY order_id
