SELECT order_id, region COLLATE NOCASE AS r FROM sales WHERE region COLLATE NOCASE = 'north' ORDER BY order_id
