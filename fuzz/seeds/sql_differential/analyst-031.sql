SELECT region, channel, count(*) AS orders FROM sales GROUP BY CUBE (region, channel) ORDER BY region NULLS LAST, channel NULLS LAST
