print("refine")
