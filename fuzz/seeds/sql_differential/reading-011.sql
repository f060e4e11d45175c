SELECT * FROM incidents WHERE opened_at < current_date LIMIT 5
