"""normalize"""
