"""hocdsl/sim"""
