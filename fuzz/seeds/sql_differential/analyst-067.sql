SELECT t.region, best.revenue FROM targets t JOIN LATERAL (SELECT sum(amount) AS revenue FROM sales s WHERE s.region = t.region) AS best ON true ORDER BY t.region, t.quarter
