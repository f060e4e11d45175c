SELECT team FROM incidents WHERE cost > 1e3
