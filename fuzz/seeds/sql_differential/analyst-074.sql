SELECT order_id FROM sales WHERE product LIKE 'P%' AND note ILIKE '%RUSH%' ORDER BY order_id
