SELECT dayname(day) AS weekday, avg(qty) AS units FROM sales GROUP BY weekday ORDER BY weekday
