SELECT chr(65 + qty) AS letter, unicode(product) AS code, count(*) AS n FROM sales GROUP BY ALL ORDER BY ALL
