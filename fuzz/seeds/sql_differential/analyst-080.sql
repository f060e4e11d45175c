SELECT count(*) AS recent FROM sales WHERE day >= current_date - INTERVAL 100000 DAY
