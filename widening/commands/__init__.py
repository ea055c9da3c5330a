"""The command line and its I/O edges: corpus and proposal files, audit, gate, reproduce, probe, reports."""
