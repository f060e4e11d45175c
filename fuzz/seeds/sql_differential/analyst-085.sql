SELECT CAST(amount AS INTEGER) AS whole, TRY_CAST(note AS INTEGER) AS number FROM sales ORDER BY order_id LIMIT 10
