SELECT count(*) FROM incidents WHERE cost > 1.50
