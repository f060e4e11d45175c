SELECT order_id, region IS NULL AS missing_region, discount IS NOT DISTINCT FROM NULL AS no_discount FROM sales ORDER BY order_id LIMIT 25
