SELECT team, now(), current_timestamp, localtimestamp FROM incidents WHERE opened_at < current_date()
