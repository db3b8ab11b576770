"""hocdsl/engine"""
