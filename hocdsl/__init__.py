"""hocdsl"""
