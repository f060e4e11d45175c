SELECT s.region, t.quarter, sum(s.amount) AS revenue, max(t.target) AS target FROM sales s LEFT JOIN targets t ON t.region = s.region AND t.quarter = quarter(s.day) GROUP BY ALL ORDER BY ALL
