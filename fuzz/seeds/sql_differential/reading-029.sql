SELECT team, cost * 1.5 AS c, cost // 2 AS h FROM incidents WHERE cost >= -2.25
