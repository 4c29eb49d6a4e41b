"""Writing results: files (CSV, JSON, PNG charts, report.html), written atomically."""
