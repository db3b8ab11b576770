"""hocdsl/announce"""
