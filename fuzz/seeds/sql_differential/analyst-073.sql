SELECT upper(region) AS region, lower(product) AS product, length(note) AS note_length FROM sales WHERE note IS NOT NULL ORDER BY order_id LIMIT 15
