SELECT team top FROM incidents
