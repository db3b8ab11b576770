"""hocdsl/bots"""
