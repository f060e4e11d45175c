SELECT avg(cost) EXPORT_STATE FROM incidents
