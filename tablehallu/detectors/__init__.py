"""detectors"""
