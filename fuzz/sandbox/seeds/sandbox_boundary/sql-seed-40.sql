SELECT count(*) FROM incidents WHERE opened_at > current_date - INTERVAL 30 DAY AND closed_at < today() + 1 GROUP BY date_trunc('month', current_date)
