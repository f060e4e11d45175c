SELECT order_id, dense_rank() OVER (ORDER BY product) AS product_rank, row_number() OVER (PARTITION BY product ORDER BY order_id) AS nth FROM sales ORDER BY order_id
