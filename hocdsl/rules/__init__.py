"""hocdsl/rules"""
